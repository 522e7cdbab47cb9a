import type { Grader } from '#common/cards.ts';

/** "PSA 9", "BGS 9.5". */
export const gradeLabel = (grader: Grader, grade: number) => `${grader} ${grade}`;
