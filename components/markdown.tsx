/** Sanitised HTML from lib/render/markdown, with readable typography in light and dark. */
const STYLES = [
  "min-w-0 break-words text-sm leading-relaxed",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
  "[&_p]:my-2 [&_a]:underline",
  "[&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold",
  "[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mt-4 [&_h3]:mb-1.5 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5",
  "[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1 [&_input]:mr-1.5 [&_input]:align-middle [&_input]:cursor-not-allowed",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-stone-800",
  "[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-stone-100 [&_pre]:p-3 dark:[&_pre]:bg-stone-800/70 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:my-3 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-left",
  "[&_th]:border-b [&_th]:border-stone-300 [&_th]:px-2 [&_th]:py-1 [&_th]:font-medium dark:[&_th]:border-stone-700",
  "[&_td]:border-b [&_td]:border-stone-200 [&_td]:px-2 [&_td]:py-1 [&_td]:align-top dark:[&_td]:border-stone-800",
  "[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-3 [&_blockquote]:text-stone-600 dark:[&_blockquote]:border-stone-700 dark:[&_blockquote]:text-stone-400",
  "[&_hr]:my-4 [&_hr]:border-stone-200 dark:[&_hr]:border-stone-800 [&_.md-image]:italic [&_.md-image]:text-stone-500",
  "[&_.md-plain]:whitespace-pre-wrap [&_.md-plain]:font-sans [&_.md-cut]:italic [&_.md-cut]:text-stone-500",
].join(" ");

export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  // the HTML comes only from renderMarkdown, which sanitises it
  return <div className={`${STYLES} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
