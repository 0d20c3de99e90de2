/**
 * The charts and tables as data on the kit's tables (src/games/kit/tables.ts). Those of section 36
 * and the rolls the rules state (8.5, 9b, 30.1, 30.3, 35) are `rulebook`; the mapsheet's tables
 * the rulebook only names (brief 7.2) are `reconstructed`, each entry with its reasoning and the
 * constraint it answers. The rules code interprets result codes only.
 */
export * from './contact';
export * from './crt';
export * from './doctrine';
export * from './rulebook';
