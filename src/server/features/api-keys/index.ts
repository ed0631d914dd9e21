// What other parts may import of API keys (the auth hook reads the identity a key gives).
export type { ApiKeyIdentity } from "./service.js";
