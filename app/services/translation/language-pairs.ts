export function baseCode(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0];
}

/** Services that handle (nearly) any pair: anything but translating a language into itself. */
export function differentLanguages(source: string, target: string): boolean {
  return Boolean(source && target) && baseCode(source) !== baseCode(target);
}
