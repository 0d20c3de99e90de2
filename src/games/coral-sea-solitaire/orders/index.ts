/**
 * Coral Sea Solitaire's orders by mail (issue 26, the brief's section 4): what the ruleset's
 * declaration takes from this folder. Only the USN sends orders; the IJN is the umpire's (2.1).
 *
 *   parseOrders      order text for a step (in play, or named by FOR) → CoralOrder[] or a LineError per bad line
 *   validateOrders   checks against the position: names in play, routes hex to hex, options, CP in their slots
 *   boardAfter       the board a section's orders leave for the mail's later FOR sections (issue 28)
 *   cpNote           the CP a step's orders cost and what is left, for the acknowledgment (7.4)
 *   formatOrders     orders back to text ("as understood"); parsing it again gives the same orders
 *   defaultOrders    what the USN does at a step it is silent at (HELP DEFAULTS)
 *   parseStanding / answerFromStanding   STANDING lines, and the steps they answer unasked
 *   help, CORAL_REFERENCE                the step card, and HELP <topic> / HELP <rule>
 *   coralOrderLines                      how an order line looks, for the mail reader
 *   coralMailPlayer                      the demo's mail player (skilled, and `plain`: a newcomer's)
 */
export { defaultOrders } from './defaults';
export { formatOrder, formatOrders } from './format';
export { help } from './help';
export { coralOrderLines } from './lines';
export { coralMailPlayer } from './mail-player';
export { parseOrders } from './parse';
export { CORAL_REFERENCE } from './reference';
export { answerFromStanding, type CoralStanding, parseStanding } from './standing';
export { validateOrders } from './validate';
export { boardAfter } from './board-after';
export { cpNote } from './cp-note';
export { cpCosts, costBySlot, type CpItem } from './costs';
