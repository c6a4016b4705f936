// Input that parses but does not verify: the candidate's task does not exist.
kb.candidate @c0 of @missing manual source "k" verdict <correct>
