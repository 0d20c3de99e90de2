/** A refusal stays short whatever the mail it answers: this many problems, each line and text cut to a length. */
const MAX_PROBLEMS = 40;
export const MAX_PROBLEM_CHARS = 600;
const MAX_LINE_CHARS = 160;

export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The first MAX_PROBLEMS problems, each cut to length; one more entry says how many were left out. */
export function capProblems<P extends { line: number; text: string; problem: string; hint?: string }>(problems: readonly P[]): P[] {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => ({
    ...p,
    text: capText(p.text, MAX_LINE_CHARS),
    problem: capText(p.problem, MAX_PROBLEM_CHARS),
    ...(p.hint !== undefined ? { hint: capText(p.hint, MAX_PROBLEM_CHARS) } : {}),
  }));
  if (problems.length > MAX_PROBLEMS)
    shown.push({
      ...problems[MAX_PROBLEMS],
      line: problems[MAX_PROBLEMS].line,
      text: '…',
      problem: `${problems.length - MAX_PROBLEMS} more problems are not listed; fix the ones above and send the orders again.`,
      hint: undefined,
    });
  return shown;
}
