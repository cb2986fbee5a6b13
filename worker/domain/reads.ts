// Several reads in one request (contract/reads.ts, decision 271): how many addresses one request
// carries (a teacher's week of roll calls and each of his courses' grade books fit in one).
export const READS_PER_REQUEST = 48;
