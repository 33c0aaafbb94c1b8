// `npm run bench`: runs every benchmark in this folder (each *.ts file here except this one
// default-exports a Benchmark) and prints one table per benchmark. Targets are reported, not
// enforced; budgets are (a remote's first load): the exit code is 1 when one is exceeded or a
// benchmark crashes, else 0.
import fs from 'node:fs';
import path from 'node:path';
import { formatColumns, formatTable, verdict, type Benchmark } from './lib/load';

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.d.ts'))
    .filter((file) => !only || path.basename(file, '.ts') === only)
    .sort();

  const missed: string[] = [];
  const failed: string[] = [];
  for (const file of files) {
    const module = (await import(path.join(__dirname, file))) as { default: Benchmark | { default: Benchmark } };
    // tsx may wrap a CommonJS default export once more.
    const benchmark = 'run' in module.default ? module.default : module.default.default;
    const started = Date.now();
    console.log(`\n== ${benchmark.name} ==`);
    const report = await benchmark.run((line) => console.log(`  ${line}`));
    console.log(`\n${report.title}\n`);
    if (report.rows.length) console.log(formatTable(report.rows));
    if (report.table) console.log(formatColumns(report.table.header, report.table.rows));
    missed.push(...(report.missed ?? []).map((line) => `${benchmark.name}: ${line}`));
    failed.push(...(report.failed ?? []).map((line) => `${benchmark.name}: ${line}`));
    for (const note of report.notes ?? []) console.log(`  note: ${note}`);
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const row of report.rows) {
      if (verdict(row).startsWith('FAIL')) missed.push(`${benchmark.name}: ${row.label}`);
    }
  }

  console.log(
    missed.length
      ? `\nTARGETS MISSED (${missed.length}):\n${missed.map((line) => `  - ${line}`).join('\n')}`
      : '\nAll targets met.',
  );
  if (failed.length) {
    console.log(`\nBUDGETS EXCEEDED (${failed.length}):\n${failed.map((line) => `  - ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark crashed:', error);
  process.exit(1);
});
