package io.dpone.spi.manifest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The text rules shared by both syntaxes, checked before either parser runs: strict UTF-8 (one
 * leading byte order mark is dropped) and only printable characters. Refused anywhere in the text:
 * control characters other than tab, line feed and carriage return (NUL, DEL and the C1 range,
 * including U+0085, which YAML 1.1 reads as a line break and JSON does not), U+2028 and U+2029 (line
 * breaks to YAML 1.1, ordinary characters to JSON) and the noncharacters U+FFFE and U+FFFF (which YAML
 * does not allow). A value that needs such a character writes it as an escape in a quoted string.
 */
final class ManifestText {
    private ManifestText() {}

    static String decode(byte[] bytes) throws UnreadableManifest {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new UnreadableManifest(ReadingRule.NOT_UTF8);
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.chars().anyMatch(ManifestText::isRefused)) {
            throw new UnreadableManifest(ReadingRule.UNPRINTABLE);
        }
        return text;
    }

    private static boolean isRefused(int c) {
        return (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
                || (c >= 0x7F && c <= 0x9F)
                || c == 0x2028
                || c == 0x2029
                || c == 0xFFFE
                || c == 0xFFFF;
    }
}
