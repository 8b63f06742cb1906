import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server; the browser never needs it after the first render. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
