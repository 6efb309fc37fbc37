@main
struct ChainServerCommand {
    static func main() {}
}
