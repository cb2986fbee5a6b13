// The link to /guardians from the office's screens (a pupil's sheet, the pupils' accounts): its own
// module, so that those screens do not download the whole of /guardians' texts (issue 43).
export const guardiansLink = 'Comptes des parents';
