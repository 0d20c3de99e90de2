/** 9.2B-D, 4.2E: which ships may form a task force with a mission. */

export function missionProblems(
  ships: readonly { readonly name: string; readonly type: string }[],
  mission: string,
  onlyMission: Readonly<Record<string, string>>,
): string[] {
  const out: string[] = [];
  if (!ships.length) out.push('a task force needs at least one ship (4.1D)');
  for (const { name, type } of ships) {
    const only = onlyMission[type];
    if (only && only !== mission) out.push(`${name} (${type}) may only perform ${only} missions (9.2B-D), not ${mission}`);
    if (mission === 'U' && type !== 'SS') out.push(`${name} (${type}) may not join a submarine task force (9.2D, 4.2E)`);
  }
  return out;
}
