/** The two sides of VITP, in rulebook order (the Japanese player acts first: 5.34, 7.4, 8.1). */
export type VitpSide = 'japanese' | 'allied';
export const VITP_SIDES: readonly VitpSide[] = ['japanese', 'allied'];
