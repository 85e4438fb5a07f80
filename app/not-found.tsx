import Link from "next/link";

export default function NotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">That page or checkpoint is not in the index. It may have been removed since the last index.</p>
      <p className="mt-4"><Link href="/">Back to the overview</Link></p>
    </section>
  );
}
