/**
 * A machine-played seat's address (MACHINE <side> [player]): `machine:<player>`. No mail comes
 * from it (it is no mail address) and none goes to it (GameHandler drops notices to it).
 */
export const SEAT_TO_MACHINE = 'SeatToMachine';

const PREFIX = 'machine:';

export function machineAddress(player: string): string {
  return `${PREFIX}${player}`;
}

export function isMachineAddress(address: string): boolean {
  return address.startsWith(PREFIX);
}
