/** What a refused or failed sign-in step says above its fields: an error, or a warning (an account pending approval). */
export interface FormProblem {
  tone: 'error' | 'warning';
  message: string;
}
