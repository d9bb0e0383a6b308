/**
 * The guest prelude: JavaScript that runs inside QuickJS at the start of every test, before the
 * solution. It evaluates to a function of the output limit (in characters) that installs `console`
 * on the guest's global object and answers, to the HOST only, `{ assert, report, describeError }`:
 *
 * - `assert(actual, expected)` compares by deep structural equality (below), records the first
 *   failure and throws to stop the test. The host passes it to the test case as a parameter, so it
 *   is never a global the solution could replace; a failure, once recorded, cannot be undone.
 * - `report()` answers JSON `{ calls, failure: { expected, actual } | null, output, truncated }`.
 * - `describeError(value)` answers JSON `{ name, message, stack, isError }` for a thrown value.
 *
 * Everything it uses is captured before the solution runs, and its own records are null-prototype
 * objects and plain strings, so a solution that tampers with Object.prototype, Array.prototype,
 * JSON or the constructors cannot change a verdict (it can only change what its own code sees).
 *
 * Equality, as a judge compares answers:
 * - primitives by SameValue (`Object.is`): NaN equals NaN, -0 is NOT 0 (a judge that prints
 *   answers would show them differently only through a sign, and we take that sign seriously),
 *   1 is not '1', null is not undefined;
 * - arrays by length and element (a hole reads as undefined); an array never equals a non-array;
 * - other objects by their own enumerable string keys, whatever their prototype: `{a: undefined}`
 *   is NOT `{}` (the key is missing), `{a: 1, b: 2}` equals `{b: 2, a: 1}`;
 * - Date by time, RegExp by source and flags, Map by keys (SameValueZero) and deep values, Set by
 *   members (deep for object members);
 * - functions and symbols only by identity; cycles are followed once.
 * `assert(value)` with one argument expects `true`.
 */
export const GUEST_PRELUDE = String.raw`(function (outputLimit) {
  'use strict';
  var is = Object.is;
  var keys = Object.keys;
  var hasOwn = Object.hasOwn;
  var getPrototypeOf = Object.getPrototypeOf;
  var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  var defineProperty = Object.defineProperty;
  var freeze = Object.freeze;
  var isArray = Array.isArray;
  var isError = Error.isError;
  var apply = Reflect.apply;
  var quote = JSON.stringify;
  var toText = String;
  var strSlice = String.prototype.slice;
  var regexpExec = RegExp.prototype.exec;
  var symbolToString = Symbol.prototype.toString;
  var DateProto = Date.prototype;
  var dateGetTime = DateProto.getTime;
  var dateToISOString = DateProto.toISOString;
  var RegExpProto = RegExp.prototype;
  var regexpSource = getOwnPropertyDescriptor(RegExpProto, 'source').get;
  var regexpFlags = getOwnPropertyDescriptor(RegExpProto, 'flags').get;
  var MapProto = Map.prototype;
  var mapSize = getOwnPropertyDescriptor(MapProto, 'size').get;
  var mapHas = MapProto.has;
  var mapGet = MapProto.get;
  var mapForEach = MapProto.forEach;
  var SetProto = Set.prototype;
  var setSize = getOwnPropertyDescriptor(SetProto, 'size').get;
  var setHas = SetProto.has;
  var setForEach = SetProto.forEach;
  var identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  var MAX_ITEMS = 20;
  var MAX_DEPTH = 3;
  var MAX_STRING = 200;

  function slice(text, start, end) {
    return apply(strSlice, text, [start, end]);
  }
  function shorten(text, max) {
    return text.length > max ? slice(text, 0, max - 1) + '\u2026' : text;
  }
  function own(array, index) {
    return hasOwn(array, index) ? array[index] : undefined;
  }
  // The built-in kind of an object, checked by its own internal slots (a getter that throws on
  // anything else), so an impostor with a borrowed prototype is compared as a plain object.
  function kindOf(value) {
    if (isArray(value)) return 'array';
    var proto = getPrototypeOf(value);
    var probe = proto === DateProto ? dateGetTime
      : proto === MapProto ? mapSize
      : proto === SetProto ? setSize
      : proto === RegExpProto ? regexpSource
      : null;
    if (probe === null) return 'object';
    try {
      apply(probe, value, []);
    } catch (error) {
      return 'object';
    }
    return proto === DateProto ? 'date' : proto === MapProto ? 'map' : proto === SetProto ? 'set' : 'regexp';
  }

  function equal(a, b, seenA, seenB, depth) {
    if (is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    var i;
    for (i = 0; i < depth; i++) if (seenA[i] === a && seenB[i] === b) return true;
    var kind = kindOf(a);
    if (kind !== kindOf(b)) return false;
    seenA[depth] = a;
    seenB[depth] = b;
    var next = depth + 1;
    if (kind === 'array') {
      var length = a.length;
      if (length !== b.length) return false;
      for (i = 0; i < length; i++) {
        if (!equal(own(a, i), own(b, i), seenA, seenB, next)) return false;
      }
      return true;
    }
    if (kind === 'date') return is(apply(dateGetTime, a, []), apply(dateGetTime, b, []));
    if (kind === 'regexp') {
      return apply(regexpSource, a, []) === apply(regexpSource, b, []) &&
        apply(regexpFlags, a, []) === apply(regexpFlags, b, []);
    }
    if (kind === 'map') {
      if (apply(mapSize, a, []) !== apply(mapSize, b, [])) return false;
      var sameEntries = true;
      apply(mapForEach, a, [function (value, key) {
        if (sameEntries && !(apply(mapHas, b, [key]) &&
            equal(value, apply(mapGet, b, [key]), seenA, seenB, next))) sameEntries = false;
      }]);
      return sameEntries;
    }
    if (kind === 'set') {
      if (apply(setSize, a, []) !== apply(setSize, b, [])) return false;
      var sameMembers = true;
      apply(setForEach, a, [function (member) {
        if (!sameMembers || apply(setHas, b, [member])) return;
        var found = false;
        if (typeof member === 'object' && member !== null) {
          apply(setForEach, b, [function (other) {
            if (!found && equal(member, other, seenA, seenB, next)) found = true;
          }]);
        }
        if (!found) sameMembers = false;
      }]);
      return sameMembers;
    }
    var keysA = keys(a);
    var keysB = keys(b);
    if (keysA.length !== keysB.length) return false;
    var inB = { __proto__: null };
    for (i = 0; i < keysB.length; i++) inB[keysB[i]] = true;
    for (i = 0; i < keysA.length; i++) {
      var key = keysA[i];
      if (inB[key] !== true || !equal(a[key], b[key], seenA, seenB, next)) return false;
    }
    return true;
  }

  function propertyName(key) {
    return apply(regexpExec, identifier, [key]) !== null ? key : quote(key);
  }
  function errorHead(error) {
    var name = error.name;
    var message = error.message;
    var head = typeof name === 'string' ? name : 'Error';
    return typeof message === 'string' && message !== '' ? head + ': ' + message : head;
  }
  // A short, tamper-proof rendering of any value (for console output and wrong answers).
  function describe(value, depth) {
    switch (typeof value) {
      case 'string': return quote(shorten(value, MAX_STRING));
      case 'number': return is(value, -0) ? '-0' : toText(value);
      case 'bigint': return toText(value) + 'n';
      case 'boolean': return value ? 'true' : 'false';
      case 'undefined': return 'undefined';
      case 'symbol': return apply(symbolToString, value, []);
    }
    if (value === null) return 'null';
    try {
      if (typeof value === 'function') {
        var name = getOwnPropertyDescriptor(value, 'name');
        return name && typeof name.value === 'string' && name.value !== ''
          ? '[Function: ' + shorten(name.value, 50) + ']'
          : '[Function]';
      }
      return describeObject(value, depth);
    } catch (error) {
      return '[object]';
    }
  }
  function describeObject(value, depth) {
    var kind = kindOf(value);
    if (kind === 'date') {
      var time = apply(dateGetTime, value, []);
      return time === time ? apply(dateToISOString, value, []) : 'Invalid Date';
    }
    if (kind === 'regexp') return '/' + apply(regexpSource, value, []) + '/' + apply(regexpFlags, value, []);
    if (isError(value)) return errorHead(value);
    if (depth >= MAX_DEPTH) return kind === 'array' ? '[\u2026]' : '{\u2026}';
    var parts = '';
    var count = 0;
    var more = false;
    var next = depth + 1;
    function add(text) {
      if (count === MAX_ITEMS) {
        more = true;
        return false;
      }
      parts += (count === 0 ? '' : ', ') + text;
      count++;
      return true;
    }
    function close(open, end) {
      return open + parts + (more ? ', \u2026' : '') + end;
    }
    var i;
    if (kind === 'array') {
      var length = value.length;
      for (i = 0; i < length && add(describe(own(value, i), next)); i++);
      return close('[', ']');
    }
    if (kind === 'map') {
      apply(mapForEach, value, [function (entry, key) {
        if (!more) add(describe(key, next) + ' => ' + describe(entry, next));
      }]);
      return close('Map(' + apply(mapSize, value, []) + ') {', '}');
    }
    if (kind === 'set') {
      apply(setForEach, value, [function (member) {
        if (!more) add(describe(member, next));
      }]);
      return close('Set(' + apply(setSize, value, []) + ') {', '}');
    }
    var names = keys(value);
    for (i = 0; i < names.length && add(propertyName(names[i]) + ': ' + describe(value[names[i]], next)); i++);
    return close('{', '}');
  }

  var output = '';
  var outputCut = false;
  function write(args) {
    if (outputCut) return;
    var line = '';
    for (var i = 0; i < args.length && line.length <= outputLimit; i++) {
      var arg = args[i];
      line += (i === 0 ? '' : ' ') + (typeof arg === 'string' ? arg : describe(arg, 0));
    }
    line += '\n';
    if (output.length + line.length > outputLimit) {
      output += slice(line, 0, outputLimit - output.length);
      outputCut = true;
    } else {
      output += line;
    }
  }
  function log() {
    write(arguments);
  }
  defineProperty(globalThis, 'console', {
    value: { log: log, info: log, warn: log, error: log, debug: log, trace: log, dir: log, table: log },
    writable: true,
    configurable: true,
    enumerable: false,
  });

  var calls = 0;
  var failure = null;
  var FAILED = freeze({ __proto__: null });
  function assert(actual, expected) {
    calls++;
    if (arguments.length < 2) expected = true;
    if (equal(actual, expected, { __proto__: null }, { __proto__: null }, 0)) return true;
    if (failure === null) {
      failure = { __proto__: null, expected: describe(expected, 0), actual: describe(actual, 0) };
    }
    throw FAILED;
  }
  function report() {
    return quote({ __proto__: null, calls: calls, failure: failure, output: output, truncated: outputCut });
  }
  function describeError(value) {
    var result = { __proto__: null, name: 'Error', message: '', stack: '', isError: false };
    try {
      if (value !== null && (typeof value === 'object' || typeof value === 'function') && isError(value)) {
        result.isError = true;
        var name = value.name;
        var message = value.message;
        var stack = value.stack;
        if (typeof name === 'string') result.name = shorten(name, 100);
        if (typeof message === 'string') result.message = shorten(message, 1000);
        if (typeof stack === 'string') result.stack = shorten(stack, 2000);
      } else {
        result.name = 'Uncaught';
        result.message = describe(value, 0);
      }
    } catch (error) {
      result.message = '(the thrown value could not be read)';
    }
    return quote(result);
  }
  return { __proto__: null, assert: assert, report: report, describeError: describeError };
})`;
