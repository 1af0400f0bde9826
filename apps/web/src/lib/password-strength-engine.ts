import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as ptBr from "@zxcvbn-ts/language-pt-br";

/**
 * zxcvbn with the common (leaked passwords), English and Portuguese dictionaries. Only ever
 * imported dynamically (password-strength.ts) and kept out of the service worker's precache
 * (vite.config.ts): about a megabyte compressed, which only the password forms need.
 */
const zxcvbn = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary, ...ptBr.dictionary },
});

export function score(password: string, userInputs: string[]): number {
  return zxcvbn.check(password.slice(0, 128), userInputs).score;
}
