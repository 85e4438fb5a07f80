"use client";

/** Opens the page's "Edit details" form (the `<details id="edit-details">` of the Details panel) and puts the focus in it. */
export function OpenEditDetails() {
  return (
    <button
      type="button"
      className="mt-2 rounded-md border border-amber-400 bg-white px-2.5 py-1 text-sm font-medium text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 dark:border-amber-600 dark:bg-stone-900 dark:text-amber-100 dark:hover:bg-stone-800"
      onClick={() => {
        const details = document.getElementById("edit-details");
        if (!(details instanceof HTMLDetailsElement)) return;
        details.open = true;
        details.scrollIntoView({ block: "nearest" });
        details.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
      }}
    >
      Edit details
    </button>
  );
}
