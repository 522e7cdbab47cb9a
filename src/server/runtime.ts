/** Oldest Node major the server and tests support (the repo ships Node 24; see decision 013). */
export const MIN_NODE_MAJOR = 22;

export function nodeMajor(version: string = process.versions.node) {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

export function isSupportedNode(version: string = process.versions.node) {
  return nodeMajor(version) >= MIN_NODE_MAJOR;
}
