/** What the Redoc oracles (redoc.ts) read in the page. */

/** Whether the nested fields of "watering" in the 200 response of getPlant are shown, and those of "bed". */
export function expandedFields(): { litres: boolean; sun: boolean } {
  const section = document.querySelector('[data-section-id="tag/Plants/operation/getPlant"]');
  const cells = Array.from(section?.querySelectorAll('td') ?? []).map((td) => td.textContent ?? '');
  return { litres: cells.some((c) => c.includes('litres')), sun: cells.some((c) => c.trim().startsWith('sun')) };
}

function visible(el: Element | null | undefined): boolean {
  return !!el && (el as HTMLElement).offsetParent !== null;
}

function sample(id: string): { sun: boolean; litres: boolean } {
  const items = Array.from(document.querySelectorAll(`[data-section-id="${id}"] li`));
  const find = (text: string) => items.find((li) => li.textContent?.trim().startsWith(text));
  return { sun: visible(find('"sun"')), litres: visible(find('"litres"')) };
}

/** Which of "sun" and "litres" show in the response samples of getPlant and listPlants. */
export function foldedSamples(): { get: { sun: boolean; litres: boolean }; list: { sun: boolean; litres: boolean } } {
  return { get: sample('tag/Plants/operation/getPlant'), list: sample('tag/Plants/operation/listPlants') };
}
