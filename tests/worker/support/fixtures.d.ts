/** Test fixtures imported as text through Vite's `?raw` suffix (tests/fixtures/mail/*.eml). */
declare module "*.eml?raw" {
  const content: string;
  export default content;
}

/** wrangler.toml as text, for the settings a test holds it to. */
declare module "*.toml?raw" {
  const content: string;
  export default content;
}
