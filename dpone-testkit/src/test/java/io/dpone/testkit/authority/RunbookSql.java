package io.dpone.testkit.authority;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL of one operator-runbook section, read from the document itself so that a test runs the
 * exact text an operator copies: the section's fenced {@code sql} blocks, in order, with their
 * {@code <placeholders>} filled in. A placeholder left unfilled is a test failure, not a guess.
 */
final class RunbookSql {
    static final Path RUNBOOK = Path.of("..", "docs", "runbook", "operator-recovery.md");
    private static final Pattern SQL_BLOCK = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PLACEHOLDER = Pattern.compile("<[^<>\\n]+>");

    private final List<String> blocks;

    private RunbookSql(List<String> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    /** The fenced {@code sql} blocks of the {@code ## heading} section, indentation removed. */
    static RunbookSql section(String heading) {
        String text;
        try {
            text = Files.readString(RUNBOOK, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = text.indexOf("\n## " + heading + "\n");
        if (start < 0) {
            throw new IllegalStateException("runbook section not found: " + heading);
        }
        int end = text.indexOf("\n## ", start + 1);
        String section = text.substring(start, end < 0 ? text.length() : end);
        List<String> blocks = new ArrayList<>();
        Matcher matcher = SQL_BLOCK.matcher(section);
        while (matcher.find()) {
            blocks.add(matcher.group(1)
                    .lines()
                    .map(String::strip)
                    .reduce((a, b) -> a + "\n" + b)
                    .orElse(""));
        }
        return new RunbookSql(blocks);
    }

    /** The one block that starts with {@code prefix} (after indentation); anything else fails. */
    String block(String prefix) {
        List<String> matching =
                blocks.stream().filter(block -> block.startsWith(prefix)).toList();
        if (matching.size() != 1) {
            throw new IllegalStateException(matching.size() + " runbook sql blocks start with " + prefix);
        }
        return matching.get(0);
    }

    /** {@code sql} with every placeholder replaced; the trailing semicolon is dropped (HTTP takes one statement). */
    static String fill(String sql, Map<String, String> values) {
        String filled = sql;
        for (Map.Entry<String, String> value : values.entrySet()) {
            if (!filled.contains(value.getKey())) {
                throw new IllegalStateException("the runbook statement has no placeholder " + value.getKey());
            }
            filled = filled.replace(value.getKey(), value.getValue());
        }
        Matcher left = PLACEHOLDER.matcher(filled);
        if (left.find()) {
            throw new IllegalStateException("unfilled runbook placeholder " + left.group());
        }
        filled = filled.strip();
        return filled.endsWith(";") ? filled.substring(0, filled.length() - 1) : filled;
    }
}
