/** The part of jstat (no types of its own) the dice fairness report uses. */
declare module 'jstat' {
  export const jStat: {
    chisquare: {
      /** P(X <= x) for a chi-square distribution with `dof` degrees of freedom */
      cdf(x: number, dof: number): number;
    };
  };
}
