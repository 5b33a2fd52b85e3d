const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);

/** The Python client's name for an operation or argument: camelCase or kebab-case → snake_case, never a keyword. */
export function pythonName(name: string): string {
  const snake = name
    .replace(/[-\s]+/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  return PYTHON_KEYWORDS.has(snake) ? `${snake}_` : snake;
}
