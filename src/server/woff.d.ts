// A .woff file imported in the Worker's bundle is its bytes (wrangler.toml's Data rule).
declare module '*.woff' {
  const bytes: ArrayBuffer;
  export default bytes;
}
