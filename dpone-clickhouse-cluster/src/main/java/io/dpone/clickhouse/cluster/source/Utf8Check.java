package io.dpone.clickhouse.cluster.source;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 well-formedness of a byte range, without building text: malformed or overlong
 * sequences and surrogates fail. Reuses its decoder and a small scratch buffer; one thread.
 */
final class Utf8Check {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final CharBuffer scratch = CharBuffer.allocate(1024);

    /** True when {@code bytes[from, to)} is well-formed UTF-8. */
    boolean isWellFormed(byte[] bytes, int from, int to) {
        decoder.reset();
        ByteBuffer in = ByteBuffer.wrap(bytes, from, to - from);
        while (true) {
            scratch.clear();
            CoderResult result = decoder.decode(in, scratch, true);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                scratch.clear();
                return !decoder.flush(scratch).isError();
            }
        }
    }

    /** The decoder, for a caller that wants the text too. */
    CharsetDecoder decoder() {
        return decoder;
    }
}
