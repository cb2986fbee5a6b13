// Several reads in one request (contract/reads.ts, decisions 271, 320): how many addresses one
// request carries (a teacher's working set fits in one: two weeks of roll calls, 25 lessons a
// week, and each of his courses' grade books).
export const READS_PER_REQUEST = 100;
