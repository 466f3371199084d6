/**
 * Imported first by the npm scripts that start wrangler: on a Node older than wrangler accepts,
 * they stop at once with one line saying what to install, before wrangler's own longer message.
 * Plain JavaScript, so it runs on any Node that can run an ES module at all.
 */
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `✘ Node ${process.versions.node} is too old: this project needs Node 24 (22.12 at least). With nvm or fnm run \`nvm install\` / \`fnm use\` here (they read .nvmrc); with Volta, \`volta install node@24\`; or get it from https://nodejs.org.`,
  );
  process.exit(1);
}
