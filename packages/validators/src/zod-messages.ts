import { z } from 'zod';

// Every user-facing rule has its own message (see the other files here). This covers the rest, so
// that a malformed request also gets a sentence, never "Too big: expected string to have <=200…".
const nameOf = (path: readonly PropertyKey[] | undefined): string => {
  const key = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  return key ? `The ${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}` : 'This value';
};

z.config({
  // In the browser the Content-Security-Policy forbids compiling code, and zod would probe for it
  // with Function('') (a reported violation on every page): validate without it there.
  jitless: 'document' in globalThis,
  customError(issue) {
    const subject = nameOf(issue.path);
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'string')
          return `${subject} is too long (at most ${issue.maximum} characters).`;
        if (issue.origin === 'array')
          return `${subject} has too many items (at most ${issue.maximum}).`;
        return `${subject} is too large (at most ${issue.maximum}).`;
      case 'too_small':
        if (issue.origin === 'string') return `${subject} is too short.`;
        if (issue.origin === 'array') return `${subject} needs at least ${issue.minimum} item(s).`;
        return `${subject} is too small.`;
      case 'invalid_type':
        return issue.input === undefined
          ? `${subject} is missing.`
          : `${subject} is not a valid ${issue.expected === 'int' ? 'whole number' : issue.expected}.`;
      case 'invalid_value':
        return `${subject} is not one of the allowed choices.`;
      default:
        return `${subject} is not valid.`;
    }
  },
});
