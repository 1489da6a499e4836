export const DEFAULT_PORT: number;
export const HOST: string;
export function chosenPort(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): { port: number } | { error: string };
export function portProblem(port: number, host?: string): Promise<string | null>;
