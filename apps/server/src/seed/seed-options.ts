/** What every demo seed step is given (its own file, so the steps and the list of steps do not import each other). */
export interface SeedOptions {
  log: (message: string) => void;
  /** The app's auth secret: encrypts the demo staff's two-factor key as Better Auth does. */
  authSecret?: string;
}
