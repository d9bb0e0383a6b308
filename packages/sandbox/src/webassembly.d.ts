// Node 20's type definitions leave out the WebAssembly global (it lives in TypeScript's DOM lib);
// these are the members the runner uses.
declare namespace WebAssembly {
  interface Module {
    readonly __brand?: 'WebAssembly.Module';
  }
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
