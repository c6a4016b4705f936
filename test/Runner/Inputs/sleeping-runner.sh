#!/bin/sh
# A runner that never answers, as one busy on its GPU: it starts a second process of its group,
# writes both ids to $1 (whole, by renaming), and waits.
sleep 600 &
echo "$$ $!" > "$1.tmp" && mv "$1.tmp" "$1"
wait
