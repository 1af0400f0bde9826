import { PRODUCT_NAME } from "@viewvault/shared";
import { useEffect } from "react";

/** Sets the tab title ("Title · ViewVault") and the meta description of the current page. */
export function useDocumentMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    document.title = title && title !== PRODUCT_NAME ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
