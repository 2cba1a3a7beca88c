import { createContext, useContext } from "react";

// The CSP nonce for this response. On the client it is empty: browsers hide nonces from the DOM.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
