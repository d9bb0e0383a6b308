// Node's type definitions (20 and 26 alike) leave out the WebAssembly global's values (it lives in
// TypeScript's DOM lib); these are the members the runner uses.
declare namespace WebAssembly {
  interface Module {
    readonly __brand?: 'WebAssembly.Module';
  }
  const Module: {
    prototype: Module;
    new (bytes: ArrayBufferView | ArrayBuffer): Module;
  };
  interface Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  const Memory: {
    prototype: Memory;
    new (descriptor: { initial: number; maximum?: number }): Memory;
  };
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
}
