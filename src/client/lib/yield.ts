/** Lets the browser paint and handle input before the next step (a task of its own). */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
