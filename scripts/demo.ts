/** `npm run demo [-- --port N]`: demo repositories with checkpoints of every family in a temporary folder, served at once. */
import { DemoUsageError, parseDemoArgs, runDemo } from "./demo/run";

try {
  const options = parseDemoArgs(process.argv.slice(2));
  process.exitCode = await runDemo(options);
} catch (error) {
  if (!(error instanceof DemoUsageError)) throw error;
  process.stderr.write(`demo: ${error.message}\n`);
  process.exitCode = 2;
}
