import { main } from '../../../cli/main.ts';

/** One in-process run of `bu` (cli/main.ts) in this process's folder and environment, its stdout and stderr kept. */
export async function runMain(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { cwd: process.cwd(), env: process.env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}
