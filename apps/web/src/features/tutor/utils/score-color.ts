/** The colour of a score out of 100: green from 80, blue from 60, orange from 40, red below. */
export function scoreColor(score: number): string {
  return score >= 80 ? 'green' : score >= 60 ? 'blue' : score >= 40 ? 'orange' : 'red';
}
