import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ESpeakNg, { type EspeakModule } from 'espeak-ng';

// The espeak-ng package is its command-line program compiled to WebAssembly, with all voice
// data (18 MB) embedded in the module's memory. Running the factory once per request costs
// 130-400 ms here, almost all of it compiling and instantiating that module. Instead we compile
// once, instantiate once, snapshot the memory right after start-up and, before every run,
// copy the snapshot back: each call of main() then starts from a pristine process (getopt's
// optind, espeak's globals, malloc's heap) at the cost of a ~2 ms memcpy.

interface EspeakExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  stackSave(): number;
  stackRestore(pointer: number): void;
  __main_argc_argv(argc: number, argv: number): number;
  __emscripten_embedded_file_data: WebAssembly.Global;
}

interface Engine {
  module: EspeakModule;
  exports: EspeakExports;
  snapshot: Uint8Array;
  /** Byte ranges of memory a run may change; the embedded voice files are never written. */
  writable: Array<[start: number, end: number]>;
  stackPointer: number;
  stderr: string[];
}

export interface EspeakResult {
  exitCode: number;
  stderr: string;
  output: Uint8Array | null;
}

let enginePromise: Promise<Engine> | null = null;

function wasmPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
}

async function createEngine(): Promise<Engine> {
  const compiled = await WebAssembly.compile(await readFile(wasmPath()));
  const stderr: string[] = [];
  let exports: EspeakExports | undefined;
  const module = await ESpeakNg({
    noInitialRun: true,
    print: () => {},
    // Emscripten's own notice about exit() with a live runtime is noise, not espeak's message.
    printErr: (line) => {
      if (!line.startsWith('program exited')) stderr.push(line);
    },
    // The default quit handler also sets process.exitCode, which would leak into the server.
    quit: (_status, toThrow) => {
      throw toThrow;
    },
    instantiateWasm(imports, receiveInstance) {
      const instance = new WebAssembly.Instance(compiled, imports);
      exports = instance.exports as unknown as EspeakExports;
      receiveInstance(instance, compiled);
      return instance.exports;
    },
  });
  if (!exports) throw new Error('espeak-ng did not instantiate its WebAssembly module');
  const heap = new Uint8Array(exports.memory.buffer);
  const [filesStart, filesEnd] = embeddedFilesRange(exports);
  return {
    module,
    exports,
    snapshot: heap.slice(),
    writable: [
      [0, filesStart],
      [filesEnd, heap.length],
    ],
    stackPointer: exports.stackSave(),
    stderr,
  };
}

/** Walks Emscripten's table of embedded files ({name, length, data} triples, zero-ended). */
function embeddedFilesRange(exports: EspeakExports): [number, number] {
  const words = new Uint32Array(exports.memory.buffer);
  let entry = Number(exports.__emscripten_embedded_file_data.value);
  let start = words.byteLength;
  let end = 0;
  while (words[entry >> 2]) {
    const length = words[(entry + 4) >> 2] ?? 0;
    const data = words[(entry + 8) >> 2] ?? 0;
    start = Math.min(start, data);
    end = Math.max(end, data + length);
    entry += 12;
  }
  return start < end ? [start, end] : [0, 0];
}

/** exit() inside the module throws Emscripten's ExitStatus to unwind back to JS. */
function isExitStatus(error: unknown): error is { status: number } {
  const candidate = error as { name?: unknown; status?: unknown } | null;
  return candidate?.name === 'ExitStatus' && typeof candidate.status === 'number';
}

function callMain(engine: Engine, args: readonly string[]): number {
  const { exports } = engine;
  const heap = new Uint8Array(exports.memory.buffer);
  for (const [start, end] of engine.writable) heap.set(engine.snapshot.subarray(start, end), start);
  // exit() unwinds by throwing, which leaves the stack pointer wherever main() was.
  exports.stackRestore(engine.stackPointer);

  const encoder = new TextEncoder();
  const argv = ['espeak-ng', ...args].map((arg) => {
    const bytes = encoder.encode(`${arg}\0`);
    const pointer = exports.malloc(bytes.length);
    heap.set(bytes, pointer);
    return pointer;
  });
  const table = exports.malloc(4 * (argv.length + 1));
  const words = new Uint32Array(exports.memory.buffer, table, argv.length + 1);
  argv.forEach((pointer, index) => (words[index] = pointer));
  words[argv.length] = 0;
  try {
    return exports.__main_argc_argv(argv.length, table);
  } catch (error) {
    if (isExitStatus(error)) return error.status;
    throw error;
  }
}

/**
 * Runs the espeak-ng command line with `args`, after writing `inputs` into its virtual file
 * system, and returns the contents of `outputPath` (if the run wrote it).
 *
 * Runs are synchronous once the engine exists, so concurrent callers are serialized by the
 * event loop: no two runs ever share the module.
 */
export async function runEspeak(
  args: readonly string[],
  inputs: Record<string, string>,
  outputPath: string,
): Promise<EspeakResult> {
  enginePromise ??= createEngine();
  const engine = await enginePromise.catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  const fs = engine.module.FS;
  engine.stderr.length = 0;
  for (const [file, text] of Object.entries(inputs)) fs.writeFile(file, text);
  try {
    const exitCode = callMain(engine, args);
    const output = fs.analyzePath(outputPath).exists ? fs.readFile(outputPath) : null;
    return { exitCode, stderr: engine.stderr.join('\n'), output };
  } catch (error) {
    // A trap (out of memory, assertion) may leave the JS side of the runtime inconsistent:
    // start over with a fresh instance next time.
    enginePromise = null;
    throw new Error(`espeak-ng crashed: ${String(error)} ${engine.stderr.join('\n')}`.trim(), {
      cause: error,
    });
  } finally {
    for (const file of [...Object.keys(inputs), outputPath]) {
      if (fs.analyzePath(file).exists) fs.unlink(file);
    }
  }
}
