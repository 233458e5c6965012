package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Whether ClickHouse Keeper serves: {@code ruok} answers {@code imok} (the process listens) and
 * {@code mntr} reports a {@code zk_server_state} of {@code leader} or {@code standalone} (it can
 * take requests; a listening port alone cannot). Both are in Keeper's default
 * {@code four_letter_word_white_list}. Members are started, and a restarted Keeper is handed back to
 * them, only once this holds.
 */
final class KeeperReadiness {
    /** Asks Keeper one four-letter command and returns its whole answer. */
    @FunctionalInterface
    interface FourLetterWords {
        String ask(String command) throws IOException;
    }

    private KeeperReadiness() {}

    /** Empty when Keeper serves, else why not yet. */
    static Optional<String> unmet(FourLetterWords keeper) {
        try {
            String ruok = keeper.ask("ruok").strip();
            if (!ruok.equals("imok")) {
                return Optional.of("ruok answered '" + ruok + "'");
            }
            for (String line : keeper.ask("mntr").split("\n")) {
                String[] cells = line.strip().split("\\s+", 2);
                if (cells.length == 2 && cells[0].equals("zk_server_state")) {
                    return cells[1].equals("leader") || cells[1].equals("standalone")
                            ? Optional.empty()
                            : Optional.of("zk_server_state is " + cells[1]);
                }
            }
            return Optional.of("mntr reports no zk_server_state");
        } catch (IOException notYet) {
            return Optional.of("Keeper does not answer (" + notYet.getClass().getSimpleName() + ")");
        }
    }

    /** Four-letter commands over TCP to wherever {@code address} says Keeper's client port is now (empty: not published). */
    static FourLetterWords overTcp(Supplier<Optional<InetSocketAddress>> address) {
        requireNonNull(address, "address is null");
        return command -> {
            InetSocketAddress keeper =
                    address.get().orElseThrow(() -> new IOException("Keeper's client port is not published"));
            try (Socket socket = new Socket()) {
                socket.connect(keeper, 2_000);
                socket.setSoTimeout(2_000);
                OutputStream out = socket.getOutputStream();
                out.write(command.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                socket.shutdownOutput();
                InputStream in = socket.getInputStream();
                return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            }
        };
    }
}
