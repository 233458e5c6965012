package io.dpone.clickhouse.cluster.contract.error;

import java.util.regex.Pattern;

/**
 * Turns a raw server or driver message into a bounded summary that is safe for outcomes, logs and
 * evidence. The rule (documented in docs/reference/transport.md):
 * <ol>
 *   <li>keep only the first line, and only the text after {@code DB::Exception: } when present;</li>
 *   <li>cut at the first SQL-echo marker, case-insensitively ({@code failed at position},
 *       {@code in scope}, {@code while processing}, {@code while executing}, {@code (line },
 *       {@code stack trace});</li>
 *   <li>replace every quoted segment ({@code '..'} unless the quote follows a letter,
 *       {@code ".."}, {@code `..`}; unterminated ones run to the end), URL, network
 *       address ({@code host:port}, IPv4, bracketed IPv6), port number ({@code Port 9000}), absolute
 *       path, dotted qualified name ({@code db.table}) and the principal an authentication failure
 *       names ({@code alice: Authentication failed}) with {@code ?};</li>
 *   <li>drop the trailing {@code (ERROR_NAME)} and {@code (version ...)} tags, collapse whitespace
 *       and bound the result to {@link #MAX_LENGTH} characters.</li>
 * </ol>
 * Pure and thread-safe; never throws.
 */
public final class ErrorSummaryRedactor {
    public static final int MAX_LENGTH = 160;
    private static final String[] SQL_ECHO_MARKERS = {
        "failed at position", "in scope", "while processing", "while executing", " (line ", "stack trace"
    };
    /** A quote opens a segment unless it follows a letter (an apostrophe as in "doesn't"). */
    private static final Pattern QUOTED =
            Pattern.compile("(?<![A-Za-z])'(?:[^'\\\\]|\\\\.)*+'?|\"(?:[^\"\\\\]|\\\\.)*+\"?|`(?:[^`\\\\]|\\\\.)*+`?");

    private static final Pattern URL = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://\\S*");
    private static final Pattern IPV6 = Pattern.compile("\\[[^\\]]*]");
    private static final Pattern HOST_PORT = Pattern.compile("[A-Za-z0-9_.-]+:\\d{1,5}\\b");
    private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b");
    /** ClickHouse's native port answers HTTP with "Port N is for clickhouse-client program". */
    private static final Pattern PORT_NUMBER = Pattern.compile("(?i)\\b(port) \\d{1,5}\\b");
    /** ClickHouse names the principal before "Authentication failed" (code 516). */
    private static final Pattern AUTHENTICATED_PRINCIPAL = Pattern.compile("[^\\s:?]+(?=: Authentication failed)");

    private static final Pattern QUALIFIED_NAME =
            Pattern.compile("\\b[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)+\\b");
    private static final Pattern PATH = Pattern.compile("(?<![\\w:])/[^\\s,;)]*");
    private static final Pattern TAGS = Pattern.compile("\\s*\\((?:[A-Z][A-Z0-9_]*|version [^)]*)\\)");

    private ErrorSummaryRedactor() {}

    public static String redact(String raw) {
        if (raw == null || raw.isEmpty()) {
            return "";
        }
        String text = firstLine(raw);
        int exception = text.indexOf("DB::Exception: ");
        if (exception >= 0) {
            text = text.substring(exception + "DB::Exception: ".length());
        }
        text = cutAtSqlEcho(text);
        text = QUOTED.matcher(text).replaceAll("?");
        text = URL.matcher(text).replaceAll("?");
        text = IPV6.matcher(text).replaceAll("?");
        text = HOST_PORT.matcher(text).replaceAll("?");
        text = IPV4.matcher(text).replaceAll("?");
        text = PORT_NUMBER.matcher(text).replaceAll("$1 ?");
        text = AUTHENTICATED_PRINCIPAL.matcher(text).replaceAll("?");
        text = PATH.matcher(text).replaceAll("?");
        text = QUALIFIED_NAME.matcher(text).replaceAll("?");
        text = TAGS.matcher(text).replaceAll("");
        text = text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
    }

    private static String firstLine(String raw) {
        int end = raw.length();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\n' || c == '\r') {
                end = i;
                break;
            }
        }
        return raw.substring(0, end);
    }

    private static String cutAtSqlEcho(String text) {
        for (int at = 0; at < text.length(); at++) {
            for (String marker : SQL_ECHO_MARKERS) {
                if (text.regionMatches(true, at, marker, 0, marker.length())) {
                    return text.substring(0, at);
                }
            }
        }
        return text;
    }
}
