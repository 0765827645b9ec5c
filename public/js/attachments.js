// Photos of homework attached to a question: from the file picker, pasted, or dropped on the composer.
// Each is read as a data URL (what POST /v1/sessions/:id/runs takes in `images`), shown as a thumbnail with
// a Remove button, and sent with the next question; a question sent while one is still being read waits for
// it (settled()), so the photo goes with the question it was attached to. The server judges each by its bytes and size; the
// page only skips files that do not even claim to be images, and says so.
import { make } from "./dom.js";
import { count, t } from "./i18n.js";

const TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

const readAsDataUrl = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * @param {{ picker: HTMLInputElement, list: HTMLElement, dropZone: HTMLElement, pasteTarget: HTMLElement, say: (text: string) => void }} parts
 */
export function createAttachments({ picker, list, dropZone, pasteTarget, say }) {
  /** @type {{ name: string, url: string }[]} */
  let attached = [];
  /** Batches of files still being read: a question sent meanwhile waits for them (settled()). */
  const reading = new Set();
  /** Files that could not be read, ever: settled() tells whether one failed while it waited. */
  let unreadable = 0;
  const render = () => {
    list.hidden = attached.length === 0;
    list.replaceChildren(
      ...attached.map((a, i) => {
        const item = make("li", { className: "attachment" });
        const remove = make("button", { className: "link", text: t("remove"), attrs: { type: "button", "aria-label": t("removeNamed", { name: a.name }) } });
        remove.addEventListener("click", () => {
          attached = attached.filter((_, j) => j !== i);
          render();
          pasteTarget.focus();
        });
        item.append(make("img", { attrs: { src: a.url, alt: t("attachedNamed", { name: a.name }) } }), make("span", { text: a.name }), remove);
        return item;
      }),
    );
  };
  const add = (files) => {
    const batch = readBatch(files);
    reading.add(batch);
    void batch.finally(() => reading.delete(batch));
    return batch;
  };
  const readBatch = async (files) => {
    // One message for the whole batch: a refusal said first and then replaced by the count was never read.
    const notes = [];
    for (const file of files) {
      const name = file.name || t("thatFile");
      if (!TYPES.includes(file.type)) {
        notes.push(t("notAPhoto", { name }));
        continue;
      }
      try {
        attached.push({ name: file.name || t("pastedImage"), url: await readAsDataUrl(file) });
      } catch {
        unreadable++;
        notes.push(t("unreadableFile", { name }));
      }
    }
    render();
    if (attached.length) notes.push(count(attached.length, "photoAttachedOne", "photoAttachedMany"));
    if (notes.length) say(notes.join(" "));
  };
  picker.addEventListener("change", () => {
    void add([...picker.files]);
    picker.value = "";
  });
  pasteTarget.addEventListener("paste", (event) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    // A copy from a document or a spreadsheet carries its text beside a picture of it: keep the text too.
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (text) {
      pasteTarget.setRangeText(text, pasteTarget.selectionStart, pasteTarget.selectionEnd, "end");
      pasteTarget.dispatchEvent(new Event("input", { bubbles: true }));
    }
    void add(files);
  });
  dropZone.addEventListener("dragover", (event) => {
    if (!event.dataTransfer?.types.includes("Files")) return;
    event.preventDefault();
    dropZone.classList.add("dropping");
  });
  dropZone.addEventListener("dragleave", () => dropZone.classList.remove("dropping"));
  dropZone.addEventListener("drop", (event) => {
    if (!event.dataTransfer?.files.length) return;
    event.preventDefault();
    dropZone.classList.remove("dropping");
    void add([...event.dataTransfer.files]);
  });
  return {
    /** The attached photos' data URLs, and clears the list. */
    take() {
      const urls = attached.map((a) => a.url);
      attached = [];
      render();
      return urls;
    },
    count: () => attached.length,
    /** Whether a photo is still being read (it is not in take() yet). */
    loading: () => reading.size > 0,
    /** Resolves once no photo is being read: true when every one read meanwhile was attached, false when one could not be read. */
    async settled() {
      const before = unreadable;
      while (reading.size) await Promise.allSettled([...reading]);
      return unreadable === before;
    },
  };
}
