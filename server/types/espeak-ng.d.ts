// espeak-ng 1.0.2 ships an Emscripten (MODULARIZE + EXPORT_ES6) build without typings.
// Only the parts of the Module object that server/emulator/media uses are declared.
declare module 'espeak-ng' {
  export interface EspeakFs {
    writeFile(path: string, data: string | ArrayBufferView): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    analyzePath(path: string): { exists: boolean };
  }

  export interface EspeakModule {
    FS: EspeakFs;
  }

  export interface EspeakModuleOptions {
    arguments?: string[];
    /** Do not run main() once the runtime is ready. */
    noInitialRun?: boolean;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Called by exit(); the default also sets process.exitCode. */
    quit?: (status: number, toThrow: unknown) => void;
    wasmBinary?: ArrayBuffer | Uint8Array;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receiveInstance: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => WebAssembly.Exports | Record<string, never>;
  }

  export default function ESpeakNg(options?: EspeakModuleOptions): Promise<EspeakModule>;
}
