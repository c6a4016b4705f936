# cmake -DIN=file -DOUT=file.inc -P EmbedText.cmake: writes IN's text as a C++ raw string literal.
file(READ "${IN}" text)
file(WRITE "${OUT}" "R\"kopt_embedded(${text})kopt_embedded\"\n")
