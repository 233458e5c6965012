package io.dpone.clickhouse.cluster.transport.http;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ErrorSummaryRedactor;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;

/** Reads a ClickHouse HTTP answer: status, exception-code header and a bounded body. */
final class HttpAnswer {
    static final String EXCEPTION_CODE_HEADER = "X-ClickHouse-Exception-Code";
    static final int MAX_BODY_BYTES = 65_536;
    private static final String STREAMED_EXCEPTION_MARKER = "__exception__";

    private HttpAnswer() {}

    /** A failed answer: its server error if it carried a code, else a redacted summary. */
    record Failure(Optional<ServerError> serverError, String summary) {
        Failure {
            requireNonNull(serverError, "serverError is null");
            requireNonNull(summary, "summary is null");
        }
    }

    /**
     * Empty for a 200 answer without an exception in its body. A 200 whose body carries an
     * exception (the server failed after it began streaming) is a failure like any other.
     */
    static Optional<Failure> failureOf(ClassicHttpResponse response) throws IOException {
        String body = boundedBody(response.getEntity());
        Header codeHeader = response.getFirstHeader(EXCEPTION_CODE_HEADER);
        boolean streamedException = body.contains(STREAMED_EXCEPTION_MARKER);
        if (response.getCode() == 200 && codeHeader == null && !streamedException) {
            return Optional.empty();
        }
        Optional<Integer> code = codeHeader != null ? parse(codeHeader.getValue()) : FailureMapping.codeIn(body);
        if (code.isPresent()) {
            ServerError error = ServerError.fromRaw(code.get(), body);
            return Optional.of(new Failure(Optional.of(error), error.summary()));
        }
        return Optional.of(
                new Failure(Optional.empty(), ErrorSummaryRedactor.redact("HTTP status " + response.getCode())));
    }

    private static Optional<Integer> parse(String value) {
        try {
            return Optional.of(Integer.parseInt(value.trim()));
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    private static String boundedBody(HttpEntity entity) throws IOException {
        if (entity == null) {
            return "";
        }
        try (InputStream in = entity.getContent()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
