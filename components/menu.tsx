"use client";
/**
 * A disclosure menu (`<details>`) that behaves as a menu should: Escape closes it and gives focus back to the button
 * that opened it, and its panel is kept inside the viewport (on a phone the button may sit
 * at the left edge, where a right-aligned panel would open off screen).
 */
import { useEffect, useRef, type ReactNode } from "react";

const MARGIN = 8;

export function Menu({ summary, summaryClassName, panelClassName, className, testId, children }: {
  summary: ReactNode;
  summaryClassName: string;
  panelClassName: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  /** Shift the open panel sideways so that it lies inside the viewport. */
  function place() {
    const box = panel.current;
    if (!box) return;
    box.style.transform = "";
    const rect = box.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    let shift = 0;
    if (rect.right > width - MARGIN) shift = width - MARGIN - rect.right;
    if (rect.left + shift < MARGIN) shift = MARGIN - rect.left;
    if (shift !== 0) box.style.transform = `translateX(${Math.round(shift)}px)`;
  }

  function close() {
    const menu = details.current;
    if (!menu?.open) return;
    menu.open = false;
    menu.querySelector<HTMLElement>("summary")?.focus();
  }

  useEffect(() => {
    const onResize = () => details.current?.open && place();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  return (
    <details
      ref={details}
      className={className}
      data-testid={testId}
      onToggle={() => details.current?.open && place()}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !details.current?.open) return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <summary className={summaryClassName}>{summary}</summary>
      <div ref={panel} className={panelClassName}>
        {children}
      </div>
    </details>
  );
}
