/** The shared game kit for maps: graphs, searches, hex grids and hex map pictures (README.md says which to use when). */
export { byCodeUnit, type Graph, GraphError, graphFromAdjacency, graphFromEdges, type Neighbours } from './graph';
export {
  cube,
  type Cube,
  cubeDistance,
  cubeRound,
  HEX_DIRECTIONS,
  type HexDirection,
  type HexGrid,
  type HexGridSpec,
  hexGrid,
  HexIdError,
  type Offset,
  type Orientation,
} from './hex';
export { type HexMap, type HexMapSpec, hexMap, hexRectangle, preferDirections, preferToward } from './hex-map';
export { type HexCell, type HexLayout, hexLayout, type Point } from './hex-picture';
export { hexLine, hexRange, hexRing, hexWalk } from './hex-shapes';
export {
  components,
  type DistanceOptions,
  distance,
  distances,
  isConnected,
  type Path,
  type PathOptions,
  shortestPath,
  type StepRules,
  within,
} from './search';
export { type Evolve, Fold } from './fold';
export { didYouMean, type NearestOptions, nearestName } from './names';
export {
  type ColumnShift,
  chooseAtRandom,
  describeRandomChoice,
  describeSource,
  describeTableRoll,
  type DieTable,
  dieTableSchema,
  type RandomChoice,
  readTable,
  rollOnTable,
  type TableColumn,
  type TableEntry,
  TableError,
  type TableModifier,
  type TableRoll,
  type TableRollInput,
  tableProblems,
} from './tables';
export { agreed, makeOffer, type Offers, offersFor, offersSeenBy, withdrawOffer } from './consent';
