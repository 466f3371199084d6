/**
 * The name the client last gave on this device, commenting or approving, so neither form asks
 * twice (no secret; storage may be blocked).
 */
const NAME_KEY = "preview-feedback-name";

export function rememberedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberName(name: string) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // storage blocked: they type it again next time
  }
}
